/** An agent job's status as Markdown: its state, what it did, the pages it read and, once done, its answer. Pure. */
import { fenced } from './document.js';

export interface AgentStatusView {
  status?: string;
  data?: unknown;
  error?: string;
  warning?: string;
  creditsUsed?: number;
  actions?: Array<{ step: number; tool: string; input: Record<string, unknown>; status: string; message: string }>;
  sources?: Array<{ url: string; title?: string }>;
}

export function renderAgentStatus(id: string, view: AgentStatusView): string {
  const sections = [`# Agent ${id}: ${view.status ?? 'unknown'}`];
  if (view.creditsUsed !== undefined) sections.push(`Credits used: ${view.creditsUsed}`);
  if (view.error) sections.push(`> Error: ${view.error}`);
  if (view.warning) sections.push(`> Warning: ${view.warning}`);
  if (view.status === 'processing') sections.push('Still running: call firecrawl_agent_status again in a few seconds.');
  if (view.data !== undefined) sections.push('## Answer', fenced('json', JSON.stringify(view.data, null, 2)));
  if (view.actions?.length) {
    sections.push(
      '## Actions',
      view.actions.map((a) => `${a.step}. ${a.tool} ${JSON.stringify(a.input)} — ${a.status}: ${a.message}`).join('\n'),
    );
  }
  if (view.sources?.length) sections.push('## Sources', view.sources.map((s) => `- ${s.url}${s.title ? ` — ${s.title}` : ''}`).join('\n'));
  return sections.join('\n\n');
}
