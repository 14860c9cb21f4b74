// Fails loudly when npm scripts run on an old Node: the code relies on Node 24.15+
// (type stripping for the .ts scripts, node:sqlite). The devDependency "node" provides it.
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 24 || (major === 24 && minor < 15)) {
  console.error(
    `Node ${process.versions.node} no es compatible: este proyecto necesita Node >= 24.15 (instalado como devDependency "node"). Ejecuta "npm install" y usa los scripts de npm.`,
  );
  process.exit(1);
}
