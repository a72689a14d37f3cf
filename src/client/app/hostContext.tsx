import { createContext, useContext, type ReactNode } from "react";
import type { Host } from "../platform";

const HostContext = createContext<Host | undefined>(undefined);

/** Hands the host adapter detected once at start (main.tsx) to every component. */
export function HostProvider({ host, children }: { host: Host; children: ReactNode }) {
  return <HostContext.Provider value={host}>{children}</HostContext.Provider>;
}

export function useHost(): Host {
  const host = useContext(HostContext);
  if (!host) throw new Error("useHost() needs a <HostProvider> above it");
  return host;
}
