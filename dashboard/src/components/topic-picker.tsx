// The composer's topics: the organization's known ones (with their followers) to tick, and a field for one no device
// follows yet, checked against the server's rule as it is added. The server checks again and names `topics`. And what
// the send's confirmation says of the topics and languages it counted.
import { useId, useState, type KeyboardEvent } from 'react';
import { MAX_TOPICS, TOPIC_RULE, topicProblem } from '../topics.ts';

export interface KnownTopic {
  topic: string;
  subscribers: number;
}

export function TopicPicker({ known, chosen, error, onChange }: { known: KnownTopic[] | undefined; chosen: string[]; error?: string; onChange: (topics: string[]) => void }) {
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string>();
  const id = useId();
  const followers = new Map((known ?? []).map(({ topic, subscribers }) => [topic, subscribers]));
  // Known topics in their order (most followed first), then the ones added here.
  const shown = [...followers.keys(), ...chosen.filter((topic) => !followers.has(topic))];
  const toggle = (topic: string, on: boolean) => onChange(on ? [...chosen, topic] : chosen.filter((t) => t !== topic));
  const add = () => {
    const topic = typed.trim();
    const why = topicProblem(topic, chosen);
    setProblem(why);
    if (why) return;
    if (!chosen.includes(topic)) onChange([...chosen, topic]);
    setTyped('');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // Enter adds the topic rather than submitting the whole form.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };
  const note = problem ?? error;
  return (
    <fieldset className="field topic-picker" aria-describedby={`${id}-hint`}>
      <legend>Topics</legend>
      <p id={`${id}-hint`} className="hint">
        Reaches the subscribers who follow at least one of them; up to {MAX_TOPICS}.
      </p>
      {shown.length === 0 && <p className="muted small">No subscriber follows a topic yet: add one below.</p>}
      <div className="topic-choices">
        {shown.map((topic) => (
          <label className="choice" key={topic}>
            <input type="checkbox" checked={chosen.includes(topic)} onChange={(e) => toggle(topic, e.target.checked)} /> <code>{topic}</code>
            <span className="muted small">{followers.has(topic) ? `${followers.get(topic)!.toLocaleString('en')} subscribers` : 'new'}</span>
          </label>
        ))}
      </div>
      <div className="topic-add">
        <label htmlFor={`${id}-new`}>Another topic</label>
        <input
          id={`${id}-new`}
          value={typed}
          maxLength={64}
          onChange={(e) => (setTyped(e.target.value), setProblem(undefined))}
          onKeyDown={onKeyDown}
          aria-invalid={note ? true : undefined}
          aria-describedby={`${id}-note`}
        />
        <button type="button" className="secondary" onClick={add}>
          Add topic
        </button>
      </div>
      <p id={`${id}-note`} className={note ? 'field-error' : 'hint'}>
        {note ?? TOPIC_RULE}
      </p>
    </fieldset>
  );
}

/** What the confirmation adds about who is counted and what they read, from the same input the count was made of. */
export function ConfirmReach({ input }: { input: Record<string, unknown> }) {
  const topics = Array.isArray(input.topics) ? (input.topics as string[]) : [];
  const languages = Object.keys((input.localized ?? {}) as object);
  return (
    <>
      {topics.length > 0 && (
        <p data-testid="confirm-topics">
          Counted: the subscribers who follow {topics.length === 1 ? 'the topic' : `any of ${topics.length} topics`} <strong>{topics.join(', ')}</strong>.
        </p>
      )}
      {languages.length > 0 && <p data-testid="confirm-languages">Texts in {languages.join(', ')}, and the default text for every other device.</p>}
    </>
  );
}
