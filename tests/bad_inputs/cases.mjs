// The bad-input catalogue: malformed or hostile inputs and the exact message
// each gets. `a` (and `b` for two-file inputs) is the text; `args` are extra CLI
// flags; `message` is the core's message. The CLI prints it after
// "pairpower: error: FILE: " when it is about a line or the whole input, else
// alone (exit 2); `cli` gives the CLI's line where it phrases more (a flag's
// name, a remedy). The page shows the message after the box it came from ("In
// the first box: ") when it is about a file, else alone; `page` gives the
// page's outcome where it differs: it asks for input before calling the engine,
// its measure chooser always names a measure, and it names its own controls.
// `ok: true` marks inputs that look odd but are valid (and must be read).
const askForInput = 'paste or drop the scores of system A (or a table with every system) first';
const unmatched = "measure 'map': query ids do not match: 1 only in A (303); 1 only in B (309).";
const trec = (rows) => rows.map(([m, q, v]) => `${m.padEnd(22)}\t${q}\t${v}`).join('\n') + '\n';
const tenQueries = (shift = 0) => Array.from({ length: 10 }, (_, i) => `q${i},${(0.3 + i / 40).toFixed(3)},${(0.32 + i / 40 + shift).toFixed(3)}`).join('\n');

export const cases = [
  { name: 'empty file', a: '', message: 'the input is empty', page: askForInput },
  { name: 'only blank lines', a: '\n\n   \n\t\n', message: 'the input is empty', page: askForInput },
  { name: 'header only', a: 'qid,A,B\n', message: 'line 1: a header but no rows' },
  { name: 'one data row', a: 'qid,A,B\nq1,0.5,0.6\n', message: 'B vs A: at least 2 paired queries are needed, found 1' },
  { name: 'text in a score cell', a: 'qid,A,B\nq1,0.5,0.6\nq2,0.4,abc\n', message: "line 3: field 3 (B) is 'abc', not a number" },
  { name: 'NaN score', a: 'qid,A,B\nq1,0.5,NaN\nq2,0.4,0.5\n', message: "line 2: field 3 (B) is 'NaN', not a finite number" },
  { name: 'infinite score', a: 'qid,A,B\nq1,inf,0.6\nq2,0.4,0.5\n', message: "line 2: field 2 (A) is 'inf', not a finite number" },
  { name: 'huge number', a: 'qid,A,B\nq1,1e308,0.6\nq2,0.4,0.5\n', message: "line 2: field 2 (A) is '1e308', too large to be a score (the limit is ±1e12)" },
  { name: 'number beyond double range', a: 'qid,A,B\nq1,1e999,0.6\nq2,0.4,0.5\n', message: "line 2: field 2 (A) is '1e999', too large to be a score (the limit is ±1e12)" },
  { name: 'hexadecimal number', a: 'qid,A,B\nq1,0x1p3,0.6\nq2,0.4,0.5\n', message: "line 2: field 2 (A) is '0x1p3', not a number" },
  { name: 'decimal comma', a: 'qid;A;B\nq1;0,5;0,6\nq2;0,4;0,5\n', message: "line 2: field 2 (A) is '0,5', not a number" },
  { name: 'percent sign', a: 'qid,A,B\nq1,45%,50%\nq2,40%,41%\n', message: "line 2: field 2 (A) is '45%', not a number" },
  { name: 'duplicate query id', a: 'qid,A,B\nq1,0.5,0.6\nq2,0.4,0.5\nq1,0.3,0.2\n', message: "line 4: query 'q1' appears twice for system 'A' (first on line 2)" },
  { name: 'too few fields', a: 'qid,A,B\nq1,0.5\n', message: 'line 2: expected 3 fields as in the header, found 2' },
  { name: 'too many fields', a: 'qid,A,B\nq1,0.5,0.6,0.7\n', message: 'line 2: expected 3 fields as in the header, found 4' },
  { name: 'empty query id', a: 'qid,A,B\n,0.5,0.6\nq2,0.4,0.5\n', message: 'line 2: the query id is empty' },
  { name: 'unclosed quote', a: 'qid,A,B\n"q1,0.5,0.6\nq2,0.4,0.5\n', message: 'line 2: a quoted field is not closed' },
  { name: 'unnamed header column', a: 'qid,,B\nq1,0.5,0.6\nq2,0.4,0.5\n', message: 'line 1: column 2 of the header has no name' },
  { name: 'one system column only', a: 'qid,A\nq1,0.5\nq2,0.4\n', message: 'line 1: a wide table needs a query id column and at least two system columns; the header has 2 columns' },
  { name: 'no header', a: '0.1 0.2 0.3\n0.2 0.3 0.4\n', message: 'line 1: the table has no header; name the columns (qid,A,B) or give exactly two numeric columns' },
  { name: 'three bare columns, comma separated', a: '0.1,0.2,0.3\n0.2,0.3,0.4\n', message: 'line 1: the table has no header; name the columns (qid,A,B) or give exactly two numeric columns' },
  { name: 'bare columns with a stray row', a: '0.5,0.6\n0.4,0.41\n0.3\n', message: 'line 3: expected 2 numeric columns (A, B), found 1 fields' },
  { name: 'wrong delimiter: pipes', a: 'qid|A|B\nq1|0.5|0.6\nq2|0.4|0.5\n', message: "line 1: this is not a format pairpower reads (CSV/TSV with a header, trec_eval -q, ir_measures -q, ranx or pytrec_eval JSON)" },
  { name: 'long table without a score column', a: 'qid,system,value2\nq1,A,0.5\n', message: "line 1: a long table needs qid, system and score columns; the header has 'qid,system,value2'" },
  { name: 'prose', a: 'These are the results of our experiment.\nSystem B wins.\n', message: "line 1: this is not a format pairpower reads (CSV/TSV with a header, trec_eval -q, ir_measures -q, ranx or pytrec_eval JSON)" },
  { name: 'HTML page', a: '<!doctype html><html><body><table><tr><td>0.5</td></tr></table></body></html>\n', message: "line 1: this is not a format pairpower reads (CSV/TSV with a header, trec_eval -q, ir_measures -q, ranx or pytrec_eval JSON)" },
  { name: 'binary junk', a: '\u0000\u0001\u0002\u00ff\u00fe binary \u0000 junk', message: 'the input contains NUL bytes: it looks binary, not a text score file (UTF-16 text needs its byte-order mark)' },
  { name: 'trec_eval with a missing value', a: trec([['map', '301', '0.2'], ['map', '302', '']]), b: trec([['map', '301', '0.3'], ['map', '302', '0.1']]), message: 'line 2: expected 3 fields like the first line, found 2' },
  { name: 'trec_eval with a text value', a: trec([['map', '301', '0.2'], ['map', '302', 'n/a']]), b: trec([['map', '301', '0.3'], ['map', '302', '0.1']]), message: "line 2: field 3 (value) is 'n/a', not a number" },
  { name: 'trec_eval with a duplicated query', a: trec([['map', '301', '0.2'], ['map', '301', '0.3']]), b: trec([['map', '301', '0.3'], ['map', '302', '0.1']]), message: "line 2: query '301' appears twice for system 'A', measure 'map' (first on line 1); if the file holds several runs, keep trec_eval's summary rows (run it without -n) so that they can be told apart" },
  { name: 'trec_eval files with different queries', a: trec([['map', '301', '0.2'], ['map', '302', '0.3'], ['map', '303', '0.1']]), b: trec([['map', '301', '0.3'], ['map', '302', '0.1'], ['map', '309', '0.5']]), message: unmatched,
    cli: `${unmatched} Choose --missing intersect to keep the queries every system has, or --missing zero to score a missing query 0 (trec_eval -c).`,
    page: `${unmatched} Choose “keep the queries every system has” or “score a missing query 0” under “Unmatched query ids”.` },
  { name: 'trec_eval files with different measures', a: trec([['map', '301', '0.2'], ['map', '302', '0.3']]), b: trec([['P_10', '301', '0.3'], ['P_10', '302', '0.1']]), message: 'the two files have no measure in common (the first has map; the second has P_10)', cli: '--measure: the two files have no measure in common (the first has map; the second has P_10)', page: 'Measure: the two files have no measure in common (the first has map; the second has P_10)' },
  { name: 'several measures, none chosen', a: trec([['map', '301', '0.2'], ['P_10', '301', '0.3'], ['map', '302', '0.1'], ['P_10', '302', '0.4']]), b: trec([['map', '301', '0.3'], ['P_10', '301', '0.3'], ['map', '302', '0.2'], ['P_10', '302', '0.5']]), message: 'the input holds 2 measures (map, P_10); choose one or more', cli: '--measure: the input holds 2 measures (map, P_10); choose one or more', page: 'ok' },
  { name: 'a measure that is not there', a: trec([['map', '301', '0.2'], ['map', '302', '0.3']]), b: trec([['map', '301', '0.3'], ['map', '302', '0.1']]), args: ['--measure', 'ndcg'], measure: 'ndcg', message: "'ndcg' is not in the input (it has 1: map)", cli: "--measure: 'ndcg' is not in the input (it has 1: map)" },
  { name: 'one trec_eval file only', a: trec([['map', '301', '0.2'], ['map', '302', '0.3']]), message: 'the input holds one system\'s scores; give a second file, or a table with two or more systems' },
  { name: 'malformed JSON', a: '{"map": {"q1": 0.5, "q2": }}', message: 'line 1: the JSON is malformed near byte 27' },
  { name: 'JSON list', a: '[0.5, 0.6, 0.7]', message: 'line 1: a JSON list is not a score format pairpower reads' },
  { name: 'JSON with a string score', a: '{"map": {"q1": "0.5", "q2": 0.6}}', b: '{"map": {"q1": 0.4, "q2": 0.6}}', message: "line 1: score of query 'q1', 'map' is not a number" },
  { name: 'JSON with an overflowing number', a: '{"map": {"q1": 1e999, "q2": 0.6}}', b: '{"map": {"q1": 0.4, "q2": 0.6}}', message: 'line 1: a number in the JSON is too large to be a score' },
  { name: 'a flat JSON of one system only', a: '{"q1": 0.5, "q2": 0.6}', message: "the input holds one system's scores; give a second file, or a table with two or more systems" },
  { name: 'JSON mixing numbers and objects', a: '{"q1": 0.5, "q2": {"map": 0.6}}', message: "line 1: the value of 'q1' is a number while others are objects; expected {metric: {qid: score}} (ranx), {qid: {measure: score}} (pytrec_eval) or {qid: score}" },
  { name: 'empty JSON object', a: '{}', message: 'line 1: expected a JSON object: {metric: {qid: score}} (ranx), {qid: {measure: score}} (pytrec_eval) or {qid: score}' },
  { name: 'three columns whose measure column cannot be told', a: 'foo\tbar\t0.5\nfoo\tbaz\t0.6\n', b: 'foo\tbar\t0.4\nfoo\tbaz\t0.6\n',
    message: 'three columns, but neither the first (trec_eval -q: measure, qid, value) nor the second (ir_measures -q: qid, measure, value) holds measure names pairpower knows',
    cli: 'FILE: three columns, but neither the first (trec_eval -q: measure, qid, value) nor the second (ir_measures -q: qid, measure, value) holds measure names pairpower knows; name the format with --input-format (one of csv-wide, csv-long, csv-bare, trec_eval, ir_measures, ranx, pytrec_eval, json, ir_measures-jsonl)',
    page: 'In the first box: three columns, but neither the first (trec_eval -q: measure, qid, value) nor the second (ir_measures -q: qid, measure, value) holds measure names pairpower knows; choose the format under “Format”' },
  { name: 'a measure that holds text', a: trec([['map', '301', '0.2'], ['relstring', '301', "''10''"], ['map', '302', '0.3'], ['relstring', '302', "''01''"]]), b: trec([['map', '301', '0.3'], ['map', '302', '0.1']]), args: ['--measure', 'relstring'], measure: 'relstring',
    message: "'relstring' holds text, not a score per query; choose a numeric measure (map)", cli: "--measure: 'relstring' holds text, not a score per query; choose a numeric measure (map)" },
  { name: 'a measure only in the summary rows', a: trec([['map', '301', '0.2'], ['map', '302', '0.3'], ['map', 'all', '0.25'], ['gm_map', 'all', '0.24']]), b: trec([['map', '301', '0.3'], ['map', '302', '0.1']]), args: ['--measure', 'gm_map'], measure: 'gm_map',
    message: "'gm_map' is a per-run summary, not a per-query score; the closest per-query measure is 'map'", cli: "--measure: 'gm_map' is a per-run summary, not a per-query score; the closest per-query measure is 'map'" },
  { name: 'a 1,000,000-character line', a: 'qid,A,B\nq1,' + '9'.repeat(1_000_000) + ',0.5\nq2,0.4,0.5\n', message: "line 2: field 2 (A) is '9999999999999999999999999999999999999999…', too large to be a score (the limit is ±1e12)" },
  { name: 'a 1,000,000-character query id', a: 'qid,A,B\n' + 'q'.repeat(1_000_000) + ',0.5,0.6\nq2,0.4,0.5\nq3,0.3,0.4\n', ok: true },
  { name: 'all differences zero', a: 'qid,A,B\nq1,0.5,0.5\nq2,0.4,0.4\nq3,0.3,0.3\n', ok: true },
  { name: 'UTF-8 byte-order mark', a: '\ufeffqid,A,B\n' + tenQueries(), ok: true },
  { name: 'CRLF line ends', a: ('qid,A,B\n' + tenQueries()).replace(/\n/g, '\r\n'), ok: true },
  { name: 'semicolons', a: ('qid,A,B\n' + tenQueries()).replace(/,/g, ';'), ok: true },
  { name: 'tabs and trailing blank lines', a: ('qid,A,B\n' + tenQueries()).replace(/,/g, '\t') + '\n\n\n', ok: true },
  { name: 'quoted fields', a: 'qid,"system A","system B"\n' + tenQueries().replace(/^q(\d)/gm, '"q$1"'), ok: true },
  { name: 'negative scores (a loss)', a: 'qid,A,B\n' + tenQueries().replace(/,0\./g, ',-0.'), ok: true },
];
