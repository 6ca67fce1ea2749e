# Writes build/cli-node/npm-cli/ (cmake -P, after perceptron-cli.js is linked): perceptron-lab.js is the
# program with "#!/usr/bin/env node" in front, executable; package.json keeps it CommonJS.
# Inputs: IN (the linked .js), OUT_DIR, PACKAGE_JSON.
file(REMOVE_RECURSE ${OUT_DIR})
file(MAKE_DIRECTORY ${OUT_DIR})
file(READ ${IN} program)
file(WRITE ${OUT_DIR}/perceptron-lab.js "#!/usr/bin/env node\n${program}")
file(CHMOD ${OUT_DIR}/perceptron-lab.js PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
     WORLD_READ WORLD_EXECUTE)
configure_file(${PACKAGE_JSON} ${OUT_DIR}/package.json COPYONLY)
