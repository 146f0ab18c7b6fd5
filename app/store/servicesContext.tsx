import { createContext, useContext, type ReactNode } from 'react';
import { NOT_STARTED, type AppServices } from './services';

/** The app's services (services.ts); before the page starts its workers, ones that say so. */
const ServicesContext = createContext<AppServices>(NOT_STARTED);

export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

/** The services of the app this component is drawn in. */
export const useServices = (): AppServices => useContext(ServicesContext);
