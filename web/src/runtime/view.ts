// What a view is to the shell: the element it builds, the hash keys it reads,
// and what the shell lends it (the engines, one error panel, hand-offs to other
// views). Each feature's view.ts builds one; app/views.ts lists them.
import type * as Comlink from 'comlink';
import type { Engines } from './engines';
import type { AnalyzeKey } from './registry';
import type { LoaderApi } from './worker/module';
import type { CalculatorInputs, FamilyContext, Warning } from '../generated/boundary';

/** Scores one view hands to another (the Leaderboard's pair to Analyze): a
 *  table the core reads, with the settings that produced the sender's numbers,
 *  and the family the pair was one of (its family-wise p decides the verdict). */
export interface ScoresHandOff {
  kind?: 'scores';
  text: string;
  direction: string;
  missing: string;
  settings: Partial<Record<AnalyzeKey, number>>;
  family?: FamilyContext;
  /** What the sender's inputs warned of for these scores (a run's missing topics): the receiver's report keeps them. */
  warnings?: Warning[];
  /** Where the scores come from, for the receiver's banner: "dense vs bm25 on map, from the leaderboard". */
  source?: string;
}

/** A pilot's per-query differences (B − A) for the Plan's pilot model, from Analyze. */
export interface PilotHandOff {
  kind: 'pilot';
  differences: number[];
  /** What the data are, for the Plan's note: "dense vs bm25 on map, 158 queries". */
  label: string;
  /** The pilot's queries (n) and its measure ('' when the scores name none). */
  n: number;
  measure: string;
}

/** What a comparison's items say for planning the next eval (the core's planning.calculator), for the quick calculator. */
export interface CalculatorHandOff {
  kind: 'calculator';
  inputs: CalculatorInputs;
  /** Where they come from, for the calculator's note: "dense vs bm25 on acc, 60 items". */
  label: string;
}

export type HandOff = ScoresHandOff | PilotHandOff | CalculatorHandOff;

export interface ErrorOptions {
  /** Scroll the panel into view and focus it: the answer to an action the user took. */
  focus?: boolean;
}

/** What the shell lends a view: `Full`, the functions it calls on the analysis workers; `Plan`, on the Plan engine. */
export interface ViewContext<Full extends LoaderApi = LoaderApi, Plan extends LoaderApi = LoaderApi> {
  app: HTMLElement;
  engines(): Engines<Full, Plan> | null;
  /** Calls the analysis worker; restarts the engines if a worker died meanwhile. */
  callAnalysis<T>(f: (remote: Comlink.Remote<Full>) => Promise<T>): Promise<T>;
  /** Calls f on the analysis worker and its helpers at once (part i of n on each); the answers in part order. */
  callAnalysisParts<T>(f: (remote: Comlink.Remote<Full>, part: number, parts: number) => Promise<T>): Promise<T[]>;
  restartEngines(): Promise<void>;
  /** Shows (or with null hides) the view's error panel; `focus` after a user's action that failed. */
  showError(message: string | null, options?: ErrorOptions): void;
  /** Shows view `id` (its hash) and hands it scores. */
  open(id: string, handOff: HandOff): void;
  /** The page's data-state (loading, idle, running, done, error): the tests' contract. */
  setState(state: string): void;
}

export interface View {
  id: string;
  /** The navigation link's text. */
  label: string;
  element: HTMLElement;
  /** The shared error panel is placed just before this element while the view shows. */
  errorSlot: Element;
  /** Reads the view's own hash keys; returns true when the hash asks for a run. */
  applyHash?(params: URLSearchParams, hash: string): boolean;
  /** The engines are loaded. */
  ready?(): void;
  /** Starts what the hash asked for; settles when it has ended. */
  run?(): Promise<void>;
  /** A run is going: hash changes wait. */
  busy?(): boolean;
  /** Runs the view's hot engine code once on a small input of its own (the shell asks once, when the view shows on an idle page). */
  warmUp?(): Promise<void>;
  /** Takes scores handed over by another view. */
  receive?(handOff: HandOff): void;
  /** Extra parts of the page outside the view (dialogs). */
  extras?: HTMLElement[];
}
