#include "pairpower/input/folder_inputs.hpp"

#include <algorithm>
#include <utility>

namespace pairpower {

Warning left_out_of_folder(std::string_view folder, std::string_view why) {
  return {"left_out_of_folder", "left out of the folder '" + std::string(folder) + "': " + std::string(why)};
}

namespace {
std::string files(std::size_t n) { return std::to_string(n) + (n == 1 ? " file" : " files"); }
}  // namespace

std::string folder_not_read(std::string_view folder, std::string_view first_why, std::size_t more) {
  std::string out = "no file in the folder '" + std::string(folder) + "' could be read";
  if (!first_why.empty())
    out += " (" + std::string(first_why) + (more ? "; and " + std::to_string(more) + (more == 1 ? " more file)" : " more files)") : ")");
  return out;
}

Error with_files_left_out(const Error& e, const std::vector<LeftOutFile>& files) { return with_clause(e, files_left_out(files)); }

void refuse_unread_folder(const std::vector<LeftOutFile>& left_out) {
  const auto option = std::find_if(left_out.begin(), left_out.end(),
                                   [&](const LeftOutFile& f) { return f.folder == left_out.front().folder && about_an_option(f.field, f.kind); });
  const LeftOutFile& first = option != left_out.end() ? *option : left_out.front();
  throw Error(first.field, first.kind, folder_not_read(first.folder, first.why, left_out.size() - 1));
}

std::string files_left_out(const std::vector<LeftOutFile>& files_) {
  // Folder by folder, in the order each first appears: a folder is named once even when its files are not together.
  std::vector<std::pair<const LeftOutFile*, std::size_t>> folders;
  for (const auto& f : files_) {
    auto it = std::find_if(folders.begin(), folders.end(), [&](const auto& g) { return g.first->folder == f.folder; });
    if (it == folders.end()) folders.emplace_back(&f, 1);
    else ++it->second;
  }
  std::string out;
  for (const auto& [first, count] : folders)
    out += (out.empty() ? "" : "; ") + files(count) + " of the folder '" + first->folder + "' " + (count == 1 ? "was" : "were") + " left out, unread (" +
           (count == 1 ? "" : "the first, ") + first->why + ")";
  return out;
}

}  // namespace pairpower
