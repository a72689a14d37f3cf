export * from "./organization";
export * from "./users";
export * from "./reference";
export * from "./courses";
export * from "./identity";
export * from "./licences";
export * from "./lessons";
export * from "./assessments";
