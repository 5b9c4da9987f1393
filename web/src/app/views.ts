// The view registry: each view is a feature (web/src/features/<name>/) that
// builds its own element; the shell only lists them, routes the hash
// (#view=<id>) and lends them the engines and one error panel. A new view is its
// feature folder plus one entry in VIEWS.
import type { View, ViewContext } from '../runtime/view';
import type { EngineApi } from './engine.worker';
import type { PlanEngineApi } from './plan.worker';
import { createAnalyzeView } from '../features/analyze/view';
import { createLeaderboardView } from '../features/leaderboard/view';
import { createPlanView } from '../features/plan/view';

/** The context the shell gives every view: the app's engines, with every feature's functions. */
export type AppViewContext = ViewContext<EngineApi, PlanEngineApi>;

/** A view's entry: its hash id and link text, and its builder (the shell builds a view when first shown, or when the page is idle). */
export interface ViewEntry {
  id: string;
  label: string;
  create(ctx: AppViewContext): View;
}

export const VIEWS: ViewEntry[] = [
  { id: 'plan', label: 'Plan', create: createPlanView },
  { id: 'analyze', label: 'Analyze', create: createAnalyzeView },
  { id: 'leaderboard', label: 'Leaderboard', create: createLeaderboardView },
];
