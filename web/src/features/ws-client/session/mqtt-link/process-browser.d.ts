// The `process` package's browser version (node-process.ts): only handed on, never called here.
declare module 'process/browser.js' {
  const browserProcess: object;
  export default browserProcess;
}
