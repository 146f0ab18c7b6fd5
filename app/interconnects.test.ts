import { describe, expect, it } from 'vitest';
import { INTERCONNECTS } from '../src/interconnects';
import { INTERCONNECT_UI, interconnectUi } from './interconnects';
import { GraphView } from './views/GraphView';
import { RingView } from './families/ring/RingView';

describe('interconnect views', () => {
  it('every model the core knows has its views, and nothing else is listed', () => {
    expect(Object.keys(INTERCONNECT_UI).sort()).toEqual(Object.keys(INTERCONNECTS).sort());
  });

  it('an unknown model gets the generic graph view, never the ring', () => {
    expect(interconnectUi('mesh').View).toBe(GraphView);
    expect(interconnectUi('mesh').Panels).toBeNull();
    expect(interconnectUi('wdm-ring').View).toBe(RingView);
    expect(interconnectUi('generic').View).toBe(GraphView);
  });
});
