// Part of a translation file, cut by the build (sections.ts, vite.config.ts).
declare module '*.json?public' {
  const sections: Record<string, unknown>;
  export default sections;
}
declare module '*.json?account' {
  const sections: Record<string, unknown>;
  export default sections;
}
declare module '*.json?staff' {
  const sections: Record<string, unknown>;
  export default sections;
}
