// One rspack + Module Federation recipe for the host and every remote (../shared/MACHINE.md settings):
// each app has its own uniqueName, React, React DOM, React Redux, the design system and the web kit (which holds the one store and RTK Query API)
// are shared singletons, and every remote publishes an mf-manifest.json the shell loads it from.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ICU_PARSER } from './messages-loader.mjs';

const require = createRequire(import.meta.url);
/** A package's installed version, read from its package.json (a package's exports need not list that file). */
function version(name) {
  for (let dir = path.dirname(require.resolve(name)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
      if (pkg.name === name) return pkg.version;
    }
  }
  throw new Error(`No package.json found for ${name}`);
}

const singleton = (name, pkg = name) => ({ singleton: true, requiredVersion: `^${version(pkg)}` });
/** Shared singletons. A key ending in "/" shares every deep import of that package (react/jsx-runtime, @cropvest/ui/button). */
export const SHARED = {
  react: singleton('react'),
  'react/': singleton('react/', 'react'),
  'react-dom': singleton('react-dom'),
  'react-dom/': singleton('react-dom/', 'react-dom'),
  'react-redux': singleton('react-redux'),
  // Inside the design system, modules import one another by these names too, never by relative path: a relative
  // import is not shared, so every app that falls back to a design-system module would bundle a private copy of
  // what it imports (the i18n's locale state, tailwind-merge).
  '@cropvest/ui/': { singleton: true, requiredVersion: false },
  '@cropvest/web-kit': { singleton: true, requiredVersion: false },
  '@cropvest/web-kit/': { singleton: true, requiredVersion: false },
  // Forms: one copy of the form library, zod and the contracts for the shell and every remote, loaded with
  // the first form that validates.
  'react-hook-form': singleton('react-hook-form'),
  '@hookform/resolvers/': { singleton: true, requiredVersion: false },
  zod: singleton('zod'),
  'zod/': singleton('zod/', 'zod'),
  '@cropvest/contracts/': { singleton: true, requiredVersion: false },
  // Money arithmetic: the contracts' schemas and the UI's formatting share one copy (a remote that brings the
  // schemas of its calls would otherwise load a second).
  'decimal.js': singleton('decimal.js'),
};

const RESOLVE = {
  extensions: ['.tsx', '.ts', '.js', '.mjs'],
  extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
};
/**
 * The federation runtime's ES module files in place of its CommonJS ones. Both federation plugins find the
 * runtime with Node's `require.resolve`, which answers the `.cjs` builds, and a bundler cannot tree-shake
 * CommonJS: every page carried the runtime's Node script loader and helpers nothing calls. Measured on the
 * landing page: the shell's entry 37.5 → 31.9 KB gzip and the landing remote's entry 16.5 → 10.8 KB.
 */
function federationRuntimeAsModules() {
  const alias = {};
  for (const pkg of [
    'error-codes',
    'inject-external-runtime-core-plugin',
    'runtime',
    'runtime-core',
    'runtime-tools',
    'sdk',
    'webpack-bundler-runtime',
  ]) {
    const dist = path.dirname(require.resolve(`@module-federation/${pkg}`));
    for (const file of readdirSync(dist, { recursive: true })) {
      const esm = String(file).replace(/\.cjs$/, '.js');
      if (esm !== file && existsSync(path.join(dist, esm)))
        alias[`${path.join(dist, String(file))}$`] = path.join(dist, esm);
    }
  }
  return alias;
}

const ASSET_FILENAME = 'assets/[name].[contenthash:10][ext]';

function moduleRules(production) {
  return [
    {
      test: /\.tsx?$/,
      exclude: /node_modules/,
      loader: 'builtin:swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
        },
        env: { targets: 'chrome >= 111, firefox >= 111, safari >= 16.4' },
      },
      type: 'javascript/auto',
    },
    {
      test: /\.css$/,
      use: [{ loader: 'postcss-loader', options: { postcssOptions: { plugins: ['@tailwindcss/postcss'] } } }],
      type: 'css/auto',
    },
    { test: /\.(svg|png|webp|jpg|woff2)$/, type: 'asset/resource' },
    {
      test: /[\\/]messages[\\/][^\\/]+\.json$/,
      loader: path.join(path.dirname(new URL(import.meta.url).pathname), 'messages-loader.mjs'),
      type: 'json',
    },
  ];
}

/** Where the gateway serves each remote; the shell loads `<base>mf-manifest.json`. */
export const remoteBase = (name) => `/remotes/${name}/`;

/**
 * @param {{ name: string, dir: string, port: number, exposes?: Record<string,string>, host?: boolean, title: string }} app
 */
export function appConfig(app) {
  const production = process.env.NODE_ENV !== 'development';
  const isHost = Boolean(app.host);
  const standalone = !production || process.env.MF_STANDALONE === '1';
  const publicPath = isHost ? '/' : remoteBase(app.name);
  const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';
  return {
    mode: production ? 'production' : 'development',
    context: app.dir,
    entry: { main: './src/index.ts' },
    devtool: production ? false : 'cheap-module-source-map',
    output: {
      path: path.join(app.dir, 'dist'),
      publicPath,
      uniqueName: `cropvest_${app.name}`,
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      cssFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      cssChunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      assetModuleFilename: ASSET_FILENAME,
      clean: true,
    },
    resolve: {
      ...RESOLVE,
      alias: {
        ...federationRuntimeAsModules(),
        '@formatjs/icu-messageformat-parser$': path.join(path.dirname(ICU_PARSER), 'no-parser.js'),
      },
    },
    module: { rules: moduleRules(production) },
    plugins: [
      new ModuleFederationPlugin({
        name: app.name,
        ...(app.exposes ? { exposes: app.exposes, filename: 'remoteEntry.js' } : {}),
        // The host registers its remotes at run time (shell/src/remotes.tsx), so one remote being down
        // cannot stop the shared-scope start-up of the whole page.
        ...(isHost ? { remotes: {} } : {}),
        shared: SHARED,
        // 'version-first' would fetch every remote's entry before any shared module loads, so one remote
        // being down would blank the whole page; 'loaded-first' uses what is already loaded.
        shareStrategy: 'loaded-first',
        // One federation runtime per page: the shell provides it and the remotes use it (about 30 KB gzip
        // less per remote). A remote running on its own (dev server, or MF_STANDALONE=1) carries its own.
        experiments: {
          ...(isHost ? { provideExternalRuntime: true } : standalone ? {} : { externalRuntime: true }),
          optimization: { target: 'web' },
        },
        manifest: { fileName: 'mf-manifest.json' },
        dts: false,
      }),
      new rspack.HtmlRspackPlugin({
        template: path.join(app.dir, 'index.html'),
        title: app.title,
        chunks: ['main'],
        minify: production,
      }),
    ],
    optimization: {
      minimize: production,
      splitChunks: {
        cacheGroups: {
          // lucide-react's icon factory (not the icons) in one chunk: each screen or shared component that draws an
          // icon had its own copy inside its chunk, three of them on the landing page alone.
          lucide: {
            test: /[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])/,
            name: 'lucide',
            chunks: 'async',
            enforce: true,
          },
        },
      },
    },
    performance: { hints: false },
    devServer: {
      port: app.port,
      historyApiFallback: { index: `${publicPath}index.html` },
      devMiddleware: { publicPath },
      proxy: [{ context: isHost ? ['/api', '/remotes'] : ['/api'], target: gateway, changeOrigin: false }],
    },
    experiments: { css: true },
  };
}

/**
 * A Node build of one module of an app, for rendering at build time (the landing page's first screen).
 * Same rules and asset names as the app's own build, so the image URLs in the HTML it renders are the
 * files that build published; the assets themselves are not written again.
 * @param {{ name: string, dir: string, entry: string, outputDir: string }} target
 */
export function prerenderConfig(target) {
  return {
    mode: 'production',
    target: 'node',
    context: target.dir,
    entry: { prerender: target.entry },
    devtool: false,
    output: {
      path: target.outputDir,
      publicPath: remoteBase(target.name),
      filename: '[name].mjs',
      assetModuleFilename: ASSET_FILENAME,
      module: true,
      chunkFormat: 'module',
      library: { type: 'module' },
      clean: true,
    },
    resolve: RESOLVE,
    module: {
      rules: moduleRules(true),
      generator: { asset: { emit: false } },
    },
    optimization: { minimize: false },
    experiments: { css: true, outputModule: true },
  };
}
