/** What other modules may call of the custom-certificates module. */
export { chosenTemplate } from './template-choice.ts';
export { listTemplates } from './templates.ts';
