/** An edition as the staff screens show it (the loaders' shape, without server imports). */
export interface StaffEditionView {
  id: string;
  courseId: string;
  courseTitle: string;
  startsOn: string;
  endsOn: string | null;
  schedule: string;
  seats: number;
  seatsTaken: number;
  activeStudents: number;
  status: string;
  cancelledAt: string | null;
}
