#include "pairpower/input/folder_inputs.hpp"

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

void refuse_unread_folder(const std::vector<LeftOutFile>& left_out) {
  const LeftOutFile& first = left_out.front();
  throw Error(first.field, first.kind, folder_not_read(first.folder, first.why, left_out.size() - 1));
}

std::string files_left_out(const std::vector<LeftOutFile>& files_) {
  std::string out;
  for (std::size_t i = 0; i < files_.size();) {
    std::size_t end = i + 1;
    while (end < files_.size() && files_[end].folder == files_[i].folder) ++end;
    const std::size_t count = end - i;
    out += (out.empty() ? "" : "; ") + files(count) + " of the folder '" + files_[i].folder + "' " + (count == 1 ? "was" : "were") +
           " left out, unread (" + (count == 1 ? "" : "the first, ") + files_[i].why + ")";
    i = end;
  }
  return out;
}

}  // namespace pairpower
