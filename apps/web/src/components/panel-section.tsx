import { useId, type ReactNode } from 'react';
import panel from './panel.module.css';

interface PanelSectionProps {
  title: string;
  /** The heading's level under the screen's h1 (3 inside a state's h2). */
  level?: 2 | 3;
  children: ReactNode;
}

/** A bordered card holding one topic of an information screen, named by its heading. */
export function PanelSection({ title, level = 2, children }: PanelSectionProps) {
  const id = useId();
  const Heading = level === 3 ? 'h3' : 'h2';
  return (
    <section className={panel.section} aria-labelledby={id}>
      <Heading id={id} className={panel.sectionTitle}>
        {title}
      </Heading>
      {children}
    </section>
  );
}

/** The items of a panel, as a bulleted or a numbered list. */
export function PanelList({ items, ordered = false, className = panel.list }: { items: readonly string[]; ordered?: boolean; className?: string | undefined }) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className={className}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </List>
  );
}
