// BatchRunner
