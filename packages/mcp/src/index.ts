export { createMcpServer, SERVER_INFO, type McpServerOptions } from './mcp-server.js';
export { createTrawlMcp, type McpHandler, type TrawlMcpOptions } from './http-handler.js';
export { serveMcpOverStdio, type StdioOptions, type StdioSession } from './stdio.js';
export { DEFAULT_LIMITS, type McpBackend, type McpLimits } from './context.js';
