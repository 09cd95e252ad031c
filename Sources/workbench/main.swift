print("workbench")
