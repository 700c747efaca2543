import type { BuildOptions } from 'esbuild'

export declare const serverEntryPoints: { readonly main: string; readonly 'embedded-worker': string }
export declare const serverBuildOptions: BuildOptions
