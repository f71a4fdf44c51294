import { Button } from '@blueprintjs/core';
import { CaretDownIcon, CaretRightIcon } from '@blueprintjs/icons';
import { type CSSProperties, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { countJsonValues, startsFolded } from './payload-content';

type Layout = 'auto' | 'unfolded' | 'folded';
type FoldsAtStart = (depth: number) => boolean;

function Scalar({ value }: { value: unknown }) {
  if (typeof value === 'string') return <span className="json-tree__string">{JSON.stringify(value)}</span>;
  if (typeof value === 'number') return <span className="json-tree__number">{String(value)}</span>;
  if (typeof value === 'boolean') return <span className="json-tree__boolean">{String(value)}</span>;
  return <span className="json-tree__null">{String(null)}</span>;
}

const indentOf = (depth: number): CSSProperties => ({ '--json-depth': depth }) as CSSProperties;

interface EntryProps {
  /** The key in its object; undefined for array items and the document itself. */
  name: string | undefined;
  value: unknown;
  depth: number;
  last: boolean;
  foldsAtStart: FoldsAtStart;
}

/** One value of the document: a line, or an object or array that folds to one line. */
function JsonEntry({ name, value, depth, last, foldsAtStart }: EntryProps) {
  const intl = useIntl();
  const composite = value !== null && typeof value === 'object';
  const [folded, setFolded] = useState(() => composite && foldsAtStart(depth));
  const key = name === undefined ? null : (
    <>
      <span className="json-tree__key">{JSON.stringify(name)}</span>
      {': '}
    </>
  );
  const comma = last ? null : ',';
  if (!composite) {
    return (
      <div className="json-tree__line" style={indentOf(depth)}>
        {key}
        <Scalar value={value} />
        {comma}
      </div>
    );
  }
  const isArray = Array.isArray(value);
  const entries: [string | undefined, unknown][] = isArray ? value.map((item) => [undefined, item]) : Object.entries(value);
  const [open, close] = isArray ? ['[', ']'] : ['{', '}'];
  const count = <FormattedMessage id={isArray ? 'payload.json-items' : 'payload.json-keys'} values={{ count: entries.length }} />;
  const toggle =
    entries.length === 0 ? null : (
      <Button
        variant="minimal"
        size="small"
        className="json-tree__toggle"
        icon={folded ? <CaretRightIcon /> : <CaretDownIcon />}
        aria-expanded={!folded}
        aria-label={intl.formatMessage({ id: folded ? 'payload.unfold' : 'payload.fold' })}
        onClick={() => setFolded((current) => !current)}
      />
    );
  if (folded || entries.length === 0) {
    return (
      <div className="json-tree__line" style={indentOf(depth)}>
        {toggle}
        {key}
        {open}
        {entries.length > 0 && <span className="json-tree__summary">{count}</span>}
        {close}
        {comma}
      </div>
    );
  }
  return (
    <>
      <div className="json-tree__line" style={indentOf(depth)}>
        {toggle}
        {key}
        {open}
      </div>
      {entries.map(([childName, child], index) => (
        <JsonEntry key={childName ?? index} name={childName} value={child} depth={depth + 1} last={index === entries.length - 1} foldsAtStart={foldsAtStart} />
      ))}
      <div className="json-tree__line" style={indentOf(depth)}>
        {close}
        {comma}
      </div>
    </>
  );
}

/** A JSON document pretty-printed, each object and array foldable; large documents open with their nested levels folded. */
export function JsonTree({ value }: { value: unknown }) {
  const values = useMemo(() => countJsonValues(value), [value]);
  const [layout, setLayout] = useState<{ kind: Layout; generation: number }>({ kind: 'auto', generation: 0 });
  const foldsAtStart: FoldsAtStart = (depth) => (layout.kind === 'auto' ? startsFolded(depth, values) : layout.kind === 'folded' && depth > 0);
  const relayout = (kind: Layout) => setLayout((current) => ({ kind, generation: current.generation + 1 }));
  return (
    <div className="json-tree">
      <div className="json-tree__buttons">
        <Button variant="minimal" size="small" onClick={() => relayout('unfolded')} data-testid="json-unfold-all">
          <FormattedMessage id="payload.unfold-all" />
        </Button>
        <Button variant="minimal" size="small" onClick={() => relayout('folded')} data-testid="json-fold-all">
          <FormattedMessage id="payload.fold-all" />
        </Button>
      </div>
      {/* A new generation starts every fold state afresh from the chosen layout. */}
      <div key={layout.generation} className="json-tree__document" data-testid="payload-json">
        <JsonEntry name={undefined} value={value} depth={0} last foldsAtStart={foldsAtStart} />
      </div>
    </div>
  );
}
