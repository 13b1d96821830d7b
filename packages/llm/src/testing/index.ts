export {
  startOpenAiStandIn,
  rawReply,
  toolCall,
  failureReply,
  estimateStandInTokens,
  type OpenAiStandIn,
  type StandInAnswer,
  type StandInOptions,
  type StandInRequest,
} from './openai-stand-in.js';
export { readFromPrompt, pageTextOf } from './read-from-prompt.js';
