/** A course as pages, cart, checkout and the assistant see it (prices in cents). */
export type CourseCategory = "iniciacion" | "profesional" | "experto" | "intensivo";

export interface CourseEdition {
  id: string;
  courseId: string;
  /** YYYY-MM-DD */
  startsOn: string;
  endsOn: string | null;
  seats: number;
  seatsLeft: number;
  status: "open" | "full" | "closed" | "cancelled";
}

export interface Course {
  id: string;
  title: string;
  category: CourseCategory;
  description: string;
  priceCents: number;
  originalPriceCents: number;
  duration: string;
  classSize: number;
  level: string;
  rating: number;
  reviews: number;
  features: string[];
  /** Image name for the image pipeline (see app/components/picture.tsx). */
  image: string;
  highlighted: boolean;
  active: boolean;
  /** Next open edition from today on, or null when none is scheduled. */
  nextEdition: CourseEdition | null;
}
