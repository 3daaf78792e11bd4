/** What the chat uses of hires: the proposal's card, the form's button and the keys its socket invalidates. The pages are routes. */
export { hireKeys } from './api';
export { ProposalCard } from './ProposalCard';
export { ProposeHire } from './ProposeHire';
