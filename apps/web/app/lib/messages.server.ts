export { messagesFor } from '@lainava/i18n/server'
