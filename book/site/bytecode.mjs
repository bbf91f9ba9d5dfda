// Run bytecode.py in Pyodide's own Python, under Node (book/site/build.py does, at every build):
//     node bytecode.mjs PYODIDE_DIR FOLDER STDLIB [WHEEL_THAT_KEEPS_ITS_SOURCES...]
// PYODIDE_DIR is npm's `pyodide` package; FOLDER, an absolute path, holds the standard library's zip file and
// the wheels, compiled there in place. The hash seed is fixed, so that the bytecode (the order of a set of
// constants, say) and so the site are the same at every build.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [pyodideDir, folder, stdlib, ...withSources] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/", env: { PYTHONHASHSEED: "0" } });
pyodide.FS.mkdirTree(folder);
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: folder }, folder);
const source = join(dirname(fileURLToPath(import.meta.url)), "bytecode.py");
pyodide.runPython(readFileSync(source, "utf8"), { filename: source });
pyodide.globals.get("main")(folder, stdlib, pyodide.toPy(withSources));
