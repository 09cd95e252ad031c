// The protocol's methods as the page uses them (docs/protocol.md), each name written once here:
// a method is a function from its params to a call, `{method, params}`, which `RPC.request`
// sends alone and `RPC.batch` with others in one round trip. The notifications the page hears
// are named here too.

const method = (name) => (params) => ({ method: name, params });

export const open = method('open');
export const plugins = method('plugins');
export const invalidate = method('invalidate');
export const prepare = method('prepare');
export const query = method('query');
export const targetContentOffset = method('targetContentOffset');
export const update = method('update');
export const transition = method('transition');
export const preferredSizes = method('preferredSizes');
export const beginMove = method('beginMove');
export const updateMove = method('updateMove');
export const endMove = method('endMove');

/** Any method, by name: `window.workbench.request` (tests and editors). */
export const call = (name, params) => method(name)(params);

/** What the server sends unasked. */
export const notifications = {
  workspaceChanged: 'workspace/didChange',
  pluginsChanged: 'plugins/didChange',
  progress: '$/progress',
};
