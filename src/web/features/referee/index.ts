export { RefereeChat } from './components/referee-chat'
