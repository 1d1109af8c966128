// Public API of the ActionGate MCP gateway.
export { runGateway, toolPath, HINTS_FIELD, type Gateway, type GatewayOptions } from './gateway.ts';
export {
  checkConfig,
  loadConfigFile,
  keysFromEnv,
  ConfigError,
  SERVER_KEY,
  type GatewayConfig,
  type UpstreamConfig,
  type ActionGateSettings,
} from './config.ts';
export { exposedName, hashedName, NameTable, MAX_NAME_LENGTH } from './tool-names.ts';
export { mcpGatewayCommand, configureGatewayCommand } from './cli-command.ts';
