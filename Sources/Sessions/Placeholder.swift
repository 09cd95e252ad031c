// Sessions
