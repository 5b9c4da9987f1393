// What an analysis in a tab may hold: the registry's page caps, checked before
// the engine is called, each with what to do instead.
import { REGISTRY, analyzeSetting } from '../../runtime/registry';
import { groupDigits as fmt } from '../../ui/dom';

/** Refuses input or settings a tab cannot hold; returns a message or null. */
export function analyzeLimit(chars: number, queriesGuess: number, flips: number, bootstrap: number): string | null {
  const maxChars = REGISTRY.limits.page_input_chars;
  const maxBootstrap = analyzeSetting('bootstrap').page_max as number;
  const maxFlips = analyzeSetting('resamples').page_max as number;
  if (chars > maxChars)
    return `The pasted text is ${(chars / 1e6).toFixed(0)} MB; the page reads up to ${maxChars / 1e6} MB. For larger files use the CLI: pairpower compare FILE_A FILE_B.`;
  if (bootstrap > maxBootstrap) return `${analyzeSetting('bootstrap').label}: at most ${fmt(maxBootstrap)} in the page (the CLI allows more).`;
  if (flips > maxFlips) return `${analyzeSetting('resamples').label}: at most ${fmt(maxFlips)} in the page (the CLI allows more).`;
  // The wasm engine's cost: about 0.2 ns per query per sign flip, 4 ns per query per bootstrap resample.
  const seconds = queriesGuess * (flips * 0.2 + bootstrap * 4) * 1e-9;
  if (seconds > 300)
    return `With about ${fmt(queriesGuess)} queries, ${fmt(flips)} sign flips and ${fmt(bootstrap)} bootstrap resamples would take about ${Math.round(seconds / 60)} minutes; reduce the sign flips or the bootstrap resamples.`;
  return null;
}
