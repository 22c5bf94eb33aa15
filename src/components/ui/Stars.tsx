/** A grade shown as five stars, partly filled; the text beside it is what screen readers get. */
export function Stars({
  value,
  label,
  size = 'm',
}: {
  value: number
  label: string
  size?: 's' | 'm' | 'l'
}) {
  const percent = Math.max(0, Math.min(100, (value / 5) * 100))
  return (
    <span className={`stars stars-${size}`} role="img" aria-label={label}>
      <span className="stars-fill" style={{ width: `${percent}%` }} aria-hidden="true" />
    </span>
  )
}
