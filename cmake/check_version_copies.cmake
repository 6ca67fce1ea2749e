# The version appears in four web files that must carry it as plain text (the browser reads them before
# any of our code can ask the module): each must say project(VERSION), or configuring stops and says
# which file to change. Bumping the version: project(VERSION), these lines, CHANGELOG.md.
set(pl_version_copies
  "web/embed_version.js|export const LAB_VERSION = '${PROJECT_VERSION}';"
  "web/embed.css|--perceptron-lab-version: \"${PROJECT_VERSION}\";"
  "web/h5p/H5P.PerceptronLab/library.json|\"majorVersion\": ${PROJECT_VERSION_MAJOR},"
  "web/h5p/H5P.PerceptronLab/library.json|\"minorVersion\": ${PROJECT_VERSION_MINOR},"
  "web/h5p/H5P.PerceptronLab/library.json|\"patchVersion\": ${PROJECT_VERSION_PATCH},"
  "web/h5p/H5P.PerceptronLab/perceptron-lab.js|H5P.getLibraryPath('H5P.PerceptronLab-${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR}')")
foreach(entry ${pl_version_copies})
  string(FIND "${entry}" "|" bar)
  string(SUBSTRING "${entry}" 0 ${bar} file)
  math(EXPR after "${bar} + 1")
  string(SUBSTRING "${entry}" ${after} -1 expected)
  file(READ ${CMAKE_CURRENT_SOURCE_DIR}/${file} text)
  string(FIND "${text}" "${expected}" found)
  if(found EQUAL -1)
    message(FATAL_ERROR "${file} does not say the version ${PROJECT_VERSION} of project(VERSION): it must contain\n  ${expected}")
  endif()
  # Configure again when one of them changes.
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${file})
endforeach()
