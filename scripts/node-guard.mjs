// Fails fast when a script runs under the machine's old Node instead of the pinned one
// (node_modules/.bin/node from the `node` devDependency), which would break Astro and vitest.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `\nThis project needs Node >= 22.12 but this script runs on Node ${process.versions.node}.\n` +
      'Run it through npm (npm start, npm test, npm run ...) after `npm install`, which installs the pinned Node 24 ' +
      'into node_modules/.bin.\n',
  );
  process.exit(1);
}
