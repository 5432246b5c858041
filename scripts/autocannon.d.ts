// The part of autocannon's API the benchmark uses (the package ships no types); bench.ts narrows
// the result to the figures it prints.
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    requests?: Array<{
      method?: string;
      body?: string;
      path?: string;
      setupRequest?: (request: Record<string, unknown>) => Record<string, unknown>;
    }>;
  }
  export default function autocannon(options: Options): Promise<unknown>;
}
