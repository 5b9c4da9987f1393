#include "pairpower/input/score_input.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <string_view>
#include <utility>

#include "pairpower/base/find_byte.hpp"
#include "pairpower/base/formatting.hpp"
#include "pairpower/input/folder_inputs.hpp"
#include "pairpower/input/measures.hpp"
#include "pairpower/registry/registry.hpp"
#include <nlohmann/json.hpp>

#include "detail/json_members.hpp"
#include "detail/reading.hpp"

namespace pairpower {

using namespace reading;

std::string_view to_string(InputFormat f) noexcept {
  for (const auto& info : input_formats())
    if (info.format == f) return info.id;
  return "?";
}

std::string_view describe(InputFormat f) noexcept {
  for (const auto& info : input_formats())
    if (info.format == f) return info.label;
  return "?";
}

const Unit& unit_of(InputFormat f) noexcept {
  for (const auto& info : input_formats())
    if (info.format == f) return std::string_view(info.unit) == "item" ? item_unit : query_unit;
  return query_unit;
}

std::optional<InputFormat> input_format_from_string(std::string_view s) noexcept {
  for (const auto& info : input_formats())
    if (s == info.id) return info.format;
  return std::nullopt;
}

namespace {
// The formats a refusal lists, from the registry: the tables as one, then every tool's output and log
// (the rows after the table formats; an archive is a container, not a format of its own).
std::string readable_formats() {
  std::string out = "CSV/TSV with a header";
  for (const auto& f : input_formats())
    if (f.format > InputFormat::csv_column && f.format != InputFormat::archive) out += std::string(", ") + f.label;
  return out;
}

// `raw` as UTF-8: a view past its UTF-8 byte-order mark, or, when it is UTF-16, its decoding held in
// `storage` (a log file runs to hundreds of megabytes: it is not copied to be read).
std::string_view utf8_view(std::string_view raw, std::string& storage) {
  return is_utf16(raw) ? std::string_view(storage = decode_text(raw)) : strip_bom(raw);
}

InputFormat detect_utf8(std::string_view text) {
  const std::string_view t = trim(text);
  if (t.empty()) throw InputError("the input is empty");
  if (t.front() == '{') return detect_json(text);
  if (t.front() == '[') {
    const auto rows = array_elements(t, 1);
    if (!rows.empty() && is_helm_row(first_object_keys(rows.front()))) return InputFormat::helm;
    throw InputError("line 1: a JSON list is not a score format pairpower reads (HELM's per_instance_stats.json is)");
  }
  const auto lines = lines_of(text);
  const auto first_ws = split_ws(lines.front().text);
  const char delim = delimiter_of(lines.front().text);
  const auto first = fields_of(lines.front().text, delim, lines.front().number);
  // trec_eval's own marks come first: its `runid … all` row would pass for a header.
  if (first_ws.size() == 3 && first_ws[1] == "all") return InputFormat::trec_eval;
  if (const auto headerless = detect_headerless(lines)) return *headerless;
  if (header_like(first)) {
    std::vector<std::string> names;
    for (const auto& h : first) names.push_back(lower(h));
    return std::any_of(names.begin(), names.end(), is_system) ? InputFormat::csv_long : InputFormat::csv_wide;
  }
  if (first.size() == 2 && looks_numeric(first[0]) && looks_numeric(first[1])) return InputFormat::csv_bare;
  const auto all_numeric = [](const std::vector<std::string>& f) {
    return !f.empty() && std::all_of(f.begin(), f.end(), [](const std::string& x) { return looks_numeric(x); });
  };
  if (all_numeric(first_ws) && first_ws.size() != 2)
    fail_at(lines.front().number, "the table has no header; name the columns (qid,A,B) or give exactly two numeric columns");
  if (first_ws.size() == 3 || (first_ws.size() > 3 && (first_ws[0] == "relstring" || is_trec_eval_measure(first_ws[0]))))
    return detect_three_columns(lines, last_line_unended(text, lines));
  if (!first.empty() && std::all_of(first.begin(), first.end(), [](const std::string& f) { return looks_numeric(f); }))
    fail_at(lines.front().number, "the table has no header; name the columns (qid,A,B) or give exactly two numeric columns");
  fail_at(lines.front().number, "this is not a format pairpower reads: " + readable_formats());
}

}  // namespace

InputFormat detect_format(std::string_view raw) {
  std::string storage;
  return detect_utf8(utf8_view(raw, storage));
}

ScoreFile parse_scores(std::string_view raw, InputFormat format, std::string_view system_name, const std::vector<std::string>& keep_text_of) {
  ReadOptions o;
  o.system_name = std::string(system_name);
  o.keep_text_of = keep_text_of;
  return parse_scores(raw, format, o);
}

namespace {
ScoreFile parse_as(std::string_view raw, InputFormat format, const ReadOptions& o) {
  const auto& keep_text_of = o.keep_text_of;
  if (raw.size() > max_input_bytes) throw InputError("the input is " + std::to_string(raw.size() >> 20) + " MiB; at most " + std::to_string(max_input_bytes >> 20) + " MiB are read");
  std::string storage;
  const std::string_view text = utf8_view(raw, storage);
  if (find_byte(text, 0, '\0') != text.size())
    throw InputError("the input contains NUL bytes: it looks binary, not a text score file (UTF-16 text needs its byte-order mark)");
  if (format == InputFormat::auto_detect) format = detect_utf8(text);
  const std::string system(o.system_name.empty() ? "A" : o.system_name);
  if (!o.cluster_field.empty() && format == InputFormat::openai_evals)
    throw Error("cluster", ErrorKind::invalid_value,
                "an openai/evals log's events name no field per sample to cluster by; give the scores as a table with a 'cluster' column", o.cluster_field);
  if (!o.cluster_field.empty() && format != InputFormat::lm_eval_samples && format != InputFormat::inspect_ai && format != InputFormat::archive)
    throw Error("cluster", ErrorKind::invalid_value,
                "names a field of an evaluation log's records; a table gives each item's cluster in a column named 'cluster'", o.cluster_field);
  switch (format) {
    case InputFormat::ranx_json:
    case InputFormat::pytrec_eval_json:
    case InputFormat::json_scores:
    case InputFormat::ir_measures_jsonl:
      return parse_json_scores(text, format, system);
    case InputFormat::inspect_ai:
      return parse_inspect_json(text, o);
    case InputFormat::helm:
      return parse_helm(parse_json_text(text), system, o.source_path);
    case InputFormat::archive: {
      const auto archive = archive_text(text);
      return parse_archive(archive.entries, o, archive.folder);
    }
    case InputFormat::lm_eval_samples:
      return parse_lm_eval_samples(text, o.place_name.empty() ? system : o.place_name, o.source_path, o.cluster_field);
    case InputFormat::openai_evals:
      return parse_openai_evals(text, system);
    case InputFormat::trec_eval:
    case InputFormat::ir_measures: {
      const auto lines = lines_of(text);
      if (lines.empty()) throw InputError("the input is empty");
      // A last line without a line end after it may hold a value cut short too (cut_short.hpp).
      return parse_three_columns(lines, format, system, keep_text_of, last_line_unended(text, lines));
    }
    case InputFormat::csv_wide:
    case InputFormat::csv_long:
    case InputFormat::csv_bare:
    case InputFormat::csv_qid_score:
    case InputFormat::csv_column: {
      const auto lines = lines_of(text);
      if (lines.empty()) throw InputError("the input is empty");
      if ((format == InputFormat::csv_wide || format == InputFormat::csv_long) && lines.size() < 2) fail_at(lines.front().number, "a header but no rows");
      return parse_delimited(lines, format, system, keep_text_of);
    }
    case InputFormat::auto_detect: break;
  }
  throw InputError("unknown input format");
}
}  // namespace

ScoreFile parse_scores(std::string_view raw, InputFormat format, const ReadOptions& o) {
  ScoreFile out = parse_as(raw, format, o);
  // An archive's entries already name their own files.
  if (!o.source_path.empty()) {
    for (auto& s : out.series)
      if (s.file.empty()) s.file = o.source_path;
    for (auto& c : out.cut_short)
      if (c.file.empty()) c.file = o.source_path;
  }
  return out;
}

std::string file_label(std::string_view path, std::string_view fallback) {
  std::string name(path.substr(path.find_last_of("/\\") == std::string_view::npos ? 0 : path.find_last_of("/\\") + 1));
  if (const auto dot = name.find_last_of('.'); dot != std::string::npos && dot > 0) name.resize(dot);
  return name.empty() ? std::string(fallback) : name;
}

std::string blank_place(const ScoreSeries& s, std::string_view qid) {
  const auto it = std::find_if(s.blanks.begin(), s.blanks.end(), [&](const auto& b) { return b.first == qid; });
  if (it == s.blanks.end()) return "";
  return (s.file.empty() ? std::string() : s.file + ", ") + "line " + std::to_string(it->second);
}

std::string systems_in_files(const std::vector<const ScoreSeries*>& series) {
  // Each system with its files, in order of first appearance; systems with the same files then share one
  // group: a wide table's systems (one file), one model's folder (one system, a file per task).
  std::vector<std::pair<std::string, std::vector<std::string>>> files_of;
  for (const ScoreSeries* s : series) {
    auto it = std::find_if(files_of.begin(), files_of.end(), [&](const auto& x) { return x.first == s->system; });
    if (it == files_of.end()) it = files_of.insert(files_of.end(), {s->system, {}});
    if (!s->file.empty() && std::find(it->second.begin(), it->second.end(), s->file) == it->second.end()) it->second.push_back(s->file);
  }
  std::vector<std::pair<std::vector<std::string>, std::vector<std::string>>> groups;  // (systems, their files)
  for (const auto& one : files_of) {
    auto g = std::find_if(groups.begin(), groups.end(), [&](const auto& x) { return x.second == one.second; });
    if (g == groups.end()) g = groups.insert(groups.end(), {{}, one.second});
    g->first.push_back(one.first);
  }
  constexpr std::size_t groups_shown = 10;
  std::string out;
  std::size_t unnamed = 0;
  for (std::size_t i = 0; i < groups.size(); ++i) {
    if (i >= groups_shown) {
      unnamed += groups[i].first.size();
      continue;
    }
    out += (i ? "; " : "") + names_list(groups[i].first) + (groups[i].second.empty() ? "" : " in " + names_list(groups[i].second));
  }
  if (unnamed) out += " and " + std::to_string(unnamed) + (unnamed == 1 ? " more system" : " more systems");
  return out;
}

namespace {
bool is_helm_instance_stats(std::string_view path) {
  constexpr std::string_view name = "per_instance_stats.json";
  return path.size() >= name.size() && path.substr(path.size() - name.size()) == name &&
         (path.size() == name.size() || path[path.size() - name.size() - 1] == '/' || path[path.size() - name.size() - 1] == '\\');
}
}  // namespace

std::vector<bool> holds_scores(const std::vector<std::string>& paths) {
  const bool helm = std::any_of(paths.begin(), paths.end(), [](const std::string& p) { return is_helm_instance_stats(p); });
  std::vector<bool> out(paths.size());
  for (std::size_t i = 0; i < paths.size(); ++i) out[i] = !is_lm_eval_results(paths[i]) && (!helm || is_helm_instance_stats(paths[i]));
  return out;
}

std::vector<std::size_t> input_share(const std::vector<std::string>& paths, unsigned part, unsigned parts) {
  if (parts < 1 || part >= parts) throw Error("parts", ErrorKind::invalid_value, "part must be below parts");
  const auto scores = holds_scores(paths);
  std::vector<std::size_t> share;
  std::size_t rank = 0;  // among the files that hold scores, so that the parts read as many each
  for (std::size_t i = 0; i < paths.size(); ++i)
    if (scores[i] ? rank++ % parts == part : is_lm_eval_results(paths[i])) share.push_back(i);
  return share;
}

ScoreFile parse_archive(const std::vector<ArchiveEntry>& entries, const ReadOptions& o, std::string_view folder) {
  const auto is_log_part = [](const ArchiveEntry& e) {
    return e.name == "header.json" || e.name == "_journal/start.json" || e.name.rfind("samples/", 0) == 0;
  };
  if (std::any_of(entries.begin(), entries.end(), is_log_part)) return parse_inspect_eval(entries, o);
  // lm-eval's results files name the models of the samples beside them (an archive of its output folder).
  std::map<std::string, std::string> models;
  for (const auto& e : entries)
    if (is_lm_eval_results(e.name))
      if (auto m = lm_eval_model_name(e.text)) models.emplace(e.name, std::move(*m));
  std::vector<std::string> names;
  for (const auto& e : entries) names.push_back(e.name);
  const auto scores = holds_scores(names);
  ScoreFile out;
  for (std::size_t x = 0; x < entries.size(); ++x) {
    const auto& e = entries[x];
    // Folders, and the resource forks macOS adds to the zips it makes, hold no scores.
    if (e.name.empty() || e.name.back() == '/' || e.name.rfind("__MACOSX/", 0) == 0 || !scores[x]) continue;
    // An archive's empty entry holds nothing; a folder's empty file is left out and named, as the CLI does.
    if (e.text.empty() && e.unreadable.empty() && folder.empty()) continue;
    ReadOptions one = o;
    one.system_name = file_label(e.name, "");
    one.place_name.clear();  // an archive's files are told apart by their names, whichever box holds it
    one.source_path = e.name;
    const auto read = [&] {
      refuse_unopened(e.unreadable);
      return parse_scores(e.text, InputFormat::auto_detect, one);
    };
    ScoreFile f;
    if (!folder.empty()) {
      auto got = read_or_leave_out(folder, e.name, out.left_out, read);
      if (!got) continue;
      f = std::move(*got);
    } else {
      // An archive is read whole: its first bad entry refuses it, named.
      try {
        f = read();
      } catch (const Error& err) {
        if (err.field == "scores") throw InputError(e.name + ": " + err.detail, err.kind);
        throw Error(err.field, err.kind, e.name + ": " + err.detail, err.value);
      }
    }
    if (f.format == InputFormat::lm_eval_samples)
      if (const auto m = models.find(lm_eval_results_path(e.name)); m != models.end())
        for (auto& s : f.series) s.system = m->second;
    append_scores(out, std::move(f));
  }
  if (out.series.empty() && !out.left_out.empty()) refuse_unread_folder(out.left_out);
  if (out.series.empty()) throw InputError(folder.empty() ? "the archive holds no score files" : "the folder holds no score files");
  return out;
}

void append_scores(ScoreFile& into, ScoreFile&& more) {
  if (into.series.empty()) into.format = more.format;
  for (auto& s : more.series) into.series.push_back(std::move(s));
  into.records += more.records;
  for (auto& why : more.left_out) into.left_out.push_back(std::move(why));
  for (auto& c : more.cut_short) into.cut_short.push_back(std::move(c));
  for (auto list : {&ScoreFile::text_measures, &ScoreFile::summary_measures, &ScoreFile::nonscalar_measures})
    for (auto& m : more.*list)
      if (std::find((into.*list).begin(), (into.*list).end(), m) == (into.*list).end()) (into.*list).push_back(m);
}

namespace {
template <class F>
std::vector<std::string> distinct(const std::vector<ScoreSeries>& s, F get) {
  std::vector<std::string> out;
  std::set<std::string> seen;
  for (const auto& x : s)
    if (seen.insert(get(x)).second) out.push_back(get(x));
  return out;
}
}  // namespace

void refuse_repeated_series(const ScoreSeries& first, const ScoreSeries& s) {
  const std::string& known = first.file.empty() ? s.file : first.file;
  const std::string where = known.empty()                          ? std::string()
                            : first.file.empty() || s.file.empty() ? " (one of them in " + known + ")"
                            : first.file == s.file                 ? " (in " + s.file + ")"
                                                                   : " (in " + first.file + " and in " + s.file + ")";
  throw Error("scores", ErrorKind::malformed_input,
              "system '" + s.system + "' appears twice" + (s.dataset.empty() ? "" : " in dataset '" + s.dataset + "'") +
                  (s.measure.empty() ? "" : " for " + s.measure) + where + "; give each run its own name, or leave one of them out");
}

std::vector<std::string> ScoreFile::measures() const { return distinct(series, [](const ScoreSeries& s) { return s.measure; }); }
std::vector<std::string> ScoreFile::systems() const { return distinct(series, [](const ScoreSeries& s) { return s.system; }); }
std::vector<std::string> ScoreFile::datasets() const { return distinct(series, [](const ScoreSeries& s) { return s.dataset; }); }

std::size_t ScoreFile::queries() const {
  std::set<std::string> q;
  for (const auto& s : series) q.insert(s.qids.begin(), s.qids.end());
  return q.size();
}

std::string ScoreFile::describe() const {
  std::string out = origin.empty() ? std::string(pairpower::describe(format)) : origin;
  const auto m = measures();
  if (m.size() == 1 && !m[0].empty()) out += ", measure " + m[0];
  else if (m.size() > 1) out += ", " + std::to_string(m.size()) + " measures";
  const auto d = datasets();
  if (d.size() > 1) out += ", " + std::to_string(d.size()) + " datasets";
  const auto s = systems();
  if (s.size() > 1) out += ", " + std::to_string(s.size()) + " systems";
  // Over several datasets the items of each count apart (two tasks' doc_id 0 are two items).
  std::size_t n = queries();
  if (d.size() > 1) {
    std::set<std::pair<std::string_view, std::string_view>> items;
    for (const auto& x : series)
      for (const auto& q : x.qids) items.emplace(x.dataset, q);
    n = items.size();
  }
  const Unit& unit = series.empty() ? unit_of(format) : series.front().unit;
  out += ", " + std::to_string(n) + " " + (n == 1 ? unit.one : unit.many) + (d.size() > 1 ? " in all" : "");
  return out;
}

}  // namespace pairpower