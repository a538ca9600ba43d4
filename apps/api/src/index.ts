export { type App, buildApp } from './app.ts'
export { type Config, loadConfig } from './config.ts'
export { main, startServer } from './server.ts'
