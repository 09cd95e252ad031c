// PluginHost
