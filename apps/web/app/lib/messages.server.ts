export { messagesFor, OWN_MESSAGES } from '@lainava/i18n/server'
