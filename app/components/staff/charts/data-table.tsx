export interface DataTableProps {
  caption: string;
  /** Column headers; the first names the row headers' column. */
  columns: string[];
  /** One row per item: the first cell is its row header. */
  rows: { key: string; cells: (string | number)[] }[];
}

/** The figures behind a chart, as a plain table (caption, column and row headers). */
export function DataTable({ caption, columns, rows }: DataTableProps) {
  return (
    <table className="staff-table panel-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((c, i) => (
            <th key={c} scope="col" className={i > 0 ? "staff-table__num" : undefined}>
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            {row.cells.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row">
                  {cell}
                </th>
              ) : (
                <td key={i} className="staff-table__num">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
