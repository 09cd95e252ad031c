// SeedReferences
