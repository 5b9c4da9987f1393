#include "pairpower/input/folder_inputs.hpp"

namespace pairpower {

Warning left_out_of_folder(std::string_view folder, std::string_view why) {
  return {"left_out_of_folder", "left out of the folder '" + std::string(folder) + "': " + std::string(why)};
}

std::string folder_not_read(std::string_view folder) {
  return "no file in the folder '" + std::string(folder) + "' could be read";
}

}  // namespace pairpower
