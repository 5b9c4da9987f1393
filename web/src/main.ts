// The page's entry: it starts the engines first (engine/early.ts), then builds
// the page in a later task. The browser starts workers through the main thread,
// so building the views and tables at once would hold the workers' start (and
// with it the first answers) behind the page's own work.
import './styles.css';
import './engine/early';
import { startShell } from './shell';

setTimeout(startShell, 0);
