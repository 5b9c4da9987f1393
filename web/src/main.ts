// The page's entry: it starts the engines first (app/start-engines.ts), then
// builds the page once the Plan engine's worker runs. The browser starts
// workers through the page's thread, so building the views and tables at once
// would hold the Plan worker's start, and with it a link's first answers,
// behind the page's own work.
import './styles.css';
import { earlyEngines } from './app/start-engines';
import { primeLink } from './features/plan/view';
import { startShell } from './app/shell';

// The link's first questions are asked now; the Plan view takes the answers when it runs.
primeLink(earlyEngines, location.hash);

// At most 150 ms: a worker that never says so still gets a page (and its error).
void Promise.race([earlyEngines.planStarted, new Promise((resolve) => setTimeout(resolve, 150))]).then(startShell);
