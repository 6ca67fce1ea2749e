// The widget's version as the browser knows it before the module runs: embed.js compares it with the
// stylesheet's --perceptron-lab-version (a page that mixes two versions is told so) and the handle
// gives it as lab.version. It must equal project(VERSION) in CMakeLists.txt: configuring checks it
// (cmake/check_version_copies.cmake).
export const LAB_VERSION = '0.2.0';
