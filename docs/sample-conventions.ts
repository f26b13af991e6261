// What every code sample says the same way, and what the tools that build, type-check and run the samples
// read back: the client's package name and how a reader installs it, the key placeholder, the download file.

/** The package name users import the client from. */
export const PACKAGE_NAME = '@partner-messaging/client';

/**
 * How a TypeScript sample's reader installs the client: not on the npm registry yet, so the file `npm pack -w
 * client` makes in a clone of the repository (README.md, "Packages: what to install").
 */
export const CLIENT_INSTALL = 'npm install ./partner-messaging-client-<version>.tgz tsx (the client is not on the npm registry yet: npm pack -w client in a clone of its repository makes that file)';

/** The placeholder the samples send as the key: visibly not a key, so a copied sample cannot leak one. */
export const API_KEY_PLACEHOLDER = 'YOUR_API_KEY';

/** Where a sample that downloads bytes (media) writes them. */
export const DOWNLOAD_FILE = 'media.bin';
