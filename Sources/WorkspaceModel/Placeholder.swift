// WorkspaceModel
