// JSONOutput
