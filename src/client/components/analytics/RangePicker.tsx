import { DatePickerInput, type DatePickerPreset } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { addDays, todayIn } from '../../../shared/dates.ts';
import { analyticsRangeSchema } from '../../../shared/analytics.ts';

export interface DateRange {
  from: string;
  to: string;
}

type PickerValue = [string | null, string | null];

function presets(timeZone: string): DatePickerPreset<'range'>[] {
  const today = todayIn(timeZone);
  return [
    { label: 'Last 7 days', value: [addDays(today, -6), today] },
    { label: 'Last 30 days', value: [addDays(today, -29), today] },
    { label: 'Last 90 days', value: [addDays(today, -89), today] },
    { label: 'This year', value: [`${today.slice(0, 4)}-01-01`, today] },
    { label: 'Next 30 days', value: [today, addDays(today, 29)] },
  ];
}

/**
 * The period every tab reports on. A half-picked range stays local until both ends are chosen, and
 * a period the server would refuse shows the shared schema's message instead of being sent.
 */
export function RangePicker({ value, timeZone, onChange }: { value: DateRange; timeZone: string; onChange: (range: DateRange) => void }) {
  const [draft, setDraft] = useState<PickerValue>([value.from, value.to]);
  const [error, setError] = useState<string | null>(null);

  const change = (next: PickerValue) => {
    setDraft(next);
    const [from, to] = next;
    if (!from || !to) return;
    const parsed = analyticsRangeSchema.safeParse({ from, to, timeZone });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Choose a shorter period');
      return;
    }
    setError(null);
    onChange({ from, to });
  };

  return (
    <DatePickerInput
      type="range"
      label="Period"
      value={draft}
      onChange={change}
      presets={presets(timeZone)}
      allowSingleDateInRange
      valueFormat="MMM D, YYYY"
      leftSection={<IconCalendar size={16} />}
      error={error}
      w={{ base: '100%', xs: 300 }}
    />
  );
}
