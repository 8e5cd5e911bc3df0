/** Who did the work: "by <shop>" (with its technician) for a shop's record, else the technician or "You". */
export function byLine(record: { technicianName: string | null; serviceCenterName: string | null }): string {
  if (record.serviceCenterName) return `by ${record.serviceCenterName}${record.technicianName ? ` (${record.technicianName})` : ''}`;
  return record.technicianName ?? 'You';
}
