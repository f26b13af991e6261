// The partner journeys of partner-journeys.arazzo.yaml as the runner needs them: which workflows and steps
// there are, and the inputs of one run (fresh names, so runs never collide on one implementation).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { RESOURCE_ROOT } from '../spec';

/** Beside openapi.yaml as in this repository, from source or bundled (its sourceDescription is `../openapi.yaml`). */
export const JOURNEYS_FILE = join(RESOURCE_ROOT, 'workflows', 'partner-journeys.arazzo.yaml');
/** The name of openapi.yaml in the file's sourceDescriptions: the server override targets it. */
export const SOURCE_NAME = 'partnerApi';
/** The journey that connects the chat client the template and media journeys use, unless one is given. */
export const ONBOARDING = 'onboardByCodeExchange';
/** Its step exchanging the signup code. */
export const SIGNUP_STEP = 'exchangeCode';
/** Journeys that need a connected chat client. */
export const NEEDS_CHAT_CLIENT = ['templateReviewThenDryRunSend', 'uploadMediaThenSendById'];

export interface JourneyStep {
  stepId: string;
  description: string;
}

export interface Journey {
  workflowId: string;
  summary: string;
  steps: JourneyStep[];
}

export function journeys(file = JOURNEYS_FILE): Journey[] {
  const doc = parse(readFileSync(file, 'utf8')) as { workflows: Array<{ workflowId: string; summary?: string; steps: Array<{ stepId: string; description?: string }> }> };
  return doc.workflows.map((w) => ({
    workflowId: w.workflowId,
    summary: w.summary ?? '',
    steps: w.steps.map((s) => ({ stepId: s.stepId, description: s.description ?? '' })),
  }));
}

export interface RunFixtures {
  apiKey: string;
  /** A connected chat client; by default the client the onboarding journey connects in the same run. */
  chatClientRef?: string;
  /** An unused signup code; by default one made up for the run (the reference server accepts any). */
  authCode?: string;
  /** Recipient of the dry-run sends. */
  recipient?: string;
}

/** Lowercase letters and digits, unique per run: fits client references and lower_snake_case template names. */
const newRunId = (): string => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

export const DEFAULT_RECIPIENT = '4915112345678';

/** The inputs of every workflow of the file for one run. */
export function journeyInputs(fixtures: RunFixtures, runId = newRunId()): Record<string, string> {
  const signupClientRef = `journey-${runId}`;
  return {
    apiKey: fixtures.apiKey,
    signupClientRef,
    authCode: fixtures.authCode ?? `journey-code-${runId}`,
    chatClientRef: fixtures.chatClientRef ?? signupClientRef,
    templateName: `journey_${runId}`,
    recipient: fixtures.recipient ?? DEFAULT_RECIPIENT,
    unknownClientRef: `no-such-client-${runId}`,
  };
}
