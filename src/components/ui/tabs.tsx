import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';

/*
 * A screen's tabs (decision 074): a row of tabs under a line, the chosen one underlined in the brand colour, each
 * with its panel below (Headless UI's tabs: arrow keys move between them, each panel is named by its tab).
 */

export type TabSpec = { id: string; label: ReactNode; panel: ReactNode };

export function Tabs({ tabs }: { tabs: readonly TabSpec[] }) {
  return (
    <TabGroup>
      <TabList className="flex flex-wrap gap-1 border-b border-line">
        {tabs.map((x) => (
          <Tab
            key={x.id}
            className="-mb-px min-h-11 border-b-2 border-transparent px-3 font-medium data-[selected]:border-brand data-[selected]:text-brand"
          >
            {x.label}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="pt-4">
        {tabs.map((x) => (
          <TabPanel key={x.id}>{x.panel}</TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
